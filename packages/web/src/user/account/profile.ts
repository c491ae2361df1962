/** GET/PUT /api/user/profile */
export interface Profile {
  id: string;
  email: string;
  email_verified: boolean;
  name: string;
}
